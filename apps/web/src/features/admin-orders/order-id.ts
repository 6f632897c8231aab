/** The id in /admin/orders/:id; anything but a positive integer is no order at all. */
export function parseOrderId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null
  const id = Number(param)
  return Number.isSafeInteger(id) && id > 0 ? id : null
}
