import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/** What a webhook endpoint got: the raw body, byte for byte, and the signature header. */
export interface Received {
  body: string
  signature: string
}

/** A tiny webhook endpoint on 127.0.0.1 for the tests: records each POST and answers `status` (200 unless set). */
export async function startReceiver(): Promise<{
  url: string
  received: Received[]
  answer: (status: number) => void
  close: () => Promise<void>
}> {
  const received: Received[] = []
  let status = 200
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature'] ?? ''),
      })
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end('{"received":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    answer: (next) => {
      status = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The SDK's error for a request the stand-in refused; fails the test when it was not refused. */
export async function refusal(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error
    throw error
  }
  throw new Error('the request was not refused')
}
