import type { Multipart } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'

/**
 * The parts of a multipart request, one at a time. What the parser throws about the body (a limit passed, a broken
 * boundary, a body that stops early) goes through `refusalOf` first, which words it for the route's client.
 */
export async function* readParts(
  request: FastifyRequest,
  refusalOf: (error: unknown) => unknown,
): AsyncGenerator<Multipart> {
  const parts = request.parts()
  for (;;) {
    let next: IteratorResult<Multipart>
    try {
      next = await parts.next()
    } catch (error) {
      throw refusalOf(error)
    }
    if (next.done) return
    yield next.value
  }
}
