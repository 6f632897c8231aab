import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  from: string
  to: string[]
  raw: string
  /** The raw message with quoted-printable soft breaks and escapes undone, good enough to find a link in. */
  decoded: string
}

export interface SmtpInbox {
  port: number
  mails: ReceivedMail[]
  /** How many mails arrived, kept or not. */
  received(): number
  /** Resolves with the next mail (or the first one already received that was not yet taken). */
  nextMail(timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/**
 * A real SMTP server on a free local port that keeps what it receives, for tests of outgoing mail; with `keep` false
 * it only counts them (the benchmark's thousands of mails).
 */
export async function startSmtpInbox(options: { port?: number; keep?: boolean } = {}): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = []
  const keep = options.keep ?? true
  let count = 0
  let taken = 0
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse DNS lookup of each client: offline it waits for the resolver on every connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => {
        if (keep) chunks.push(chunk)
      })
      stream.on('end', () => {
        count += 1
        if (!keep) return callback()
        const raw = Buffer.concat(chunks).toString('utf8')
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        })
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    port,
    mails,
    received: () => count,
    async nextMail(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      while (mails.length <= taken) {
        if (Date.now() > deadline) throw new Error('no mail arrived')
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 100)
        })
      }
      const mail = mails[taken]
      taken += 1
      if (!mail) throw new Error('no mail arrived')
      return mail
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
