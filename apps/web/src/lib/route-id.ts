// Canonical digits only, as the API reads ids (ZId in @shop/schema/common): Number() would also take '0x10', '1e3',
// '+1', '01' or ' 1', giving one record many addresses. Zod itself stays out: the storefront's first load uses this.
const CANONICAL_POSITIVE_INTEGER = /^[1-9][0-9]*$/

/**
 * The id of a route such as /product/:id or /admin/orders/:id; anything but a positive integer written the one
 * canonical way names no record (null). An id above the API's largest is left to the API, which answers 400.
 */
export function parseRouteId(param: string | undefined): number | null {
  if (param === undefined || !CANONICAL_POSITIVE_INTEGER.test(param)) return null
  const id = Number(param)
  return Number.isSafeInteger(id) ? id : null
}
