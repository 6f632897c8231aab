import nodemailer from 'nodemailer'
import type { Config } from '../env'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The name shown as the sender (the settings' sender name); the address is SMTP_FROM's. */
  fromName?: string
  /** A stable id, so a mail sent twice (a crash between sending and recording it) is recognised as one. */
  messageId?: string
}

export interface Mailer {
  /** False when no SMTP server is configured: mail cannot be sent. */
  readonly isConfigured: boolean
  send(message: MailMessage): Promise<void>
  close(): void
}

/** The address part of SMTP_FROM ("Shop <shop@example.com>" or "shop@example.com"). */
export function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim()
}

export function createMailer(config: Config): Mailer {
  const smtp = config.smtp
  if (!smtp) {
    return {
      isConfigured: false,
      send: async () => {
        throw new Error('No SMTP server is configured')
      },
      close: () => {},
    }
  }
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Connections are kept and reused: opening one per mail (greeting, EHLO, and TLS with a real provider) cost about
    // 100 ms even on this machine, so the outbox sent about 9 mails a second; pooled, 2 ms a mail (docs/performance.md).
    pool: true,
  })
  const address = senderAddress(smtp.from)
  return {
    isConfigured: true,
    send: async ({ fromName, messageId, ...message }) => {
      // nodemailer encodes the name and the subject as header words: a line break in them cannot start a header.
      await transport.sendMail({
        from: fromName ? { name: fromName, address } : smtp.from,
        ...(messageId ? { messageId } : {}),
        ...message,
      })
    },
    close: () => transport.close(),
  }
}

/** What went wrong with the mail server, in words an owner can act on (never a stack). */
export function describeMailError(error: unknown, config: Pick<Config, 'smtp'>): string {
  const where = config.smtp ? `${config.smtp.host}:${config.smtp.port}` : 'the mail server'
  if (!(error instanceof Error)) return 'The mail could not be sent.'
  const { responseCode, response, ...rest } = error as Error & {
    code?: string
    responseCode?: number
    response?: string
  }
  // nodemailer reports a refused or unreachable connection as a socket error whose message names the cause.
  const code =
    rest.code === 'ESOCKET' || rest.code === 'ECONNECTION' || rest.code === undefined
      ? (/\b(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|ECONNRESET)\b/.exec(error.message)?.[1] ?? rest.code)
      : rest.code
  switch (code) {
    case 'ECONNREFUSED':
      return `Could not connect to the mail server at ${where}: the connection was refused. Check SMTP_HOST and SMTP_PORT.`
    case 'ENOTFOUND':
    case 'EDNS':
      return `The mail server's name could not be found (${where}). Check SMTP_HOST.`
    case 'ETIMEDOUT':
    case 'ETIMEOUT':
      return `The mail server at ${where} did not answer in time.`
    case 'ECONNRESET':
      return `The mail server at ${where} closed the connection. Check SMTP_PORT and SMTP_SECURE.`
    case 'EAUTH':
      return `The mail server at ${where} refused the user name or password (SMTP_USER, SMTP_PASSWORD).`
    case 'ETLS':
    case 'ESOCKET':
      return `The secure connection to the mail server at ${where} failed: ${error.message}. Check SMTP_SECURE and SMTP_PORT.`
    case 'EENVELOPE':
      return `The mail server at ${where} refused the sender or recipient: ${oneLine(response ?? error.message)}`
    default:
      if (responseCode)
        return `The mail server at ${where} answered ${responseCode}: ${oneLine(response ?? error.message)}`
      return `The mail could not be sent through ${where}: ${oneLine(error.message)}`
  }
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 300)
}
