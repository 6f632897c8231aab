import nodemailer from 'nodemailer'
import type { Config } from '../../env'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  /** False when no SMTP server is configured: mail cannot be sent. */
  readonly isConfigured: boolean
  send(message: MailMessage): Promise<void>
  close(): void
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
  })
  return {
    isConfigured: true,
    send: async (message) => {
      await transport.sendMail({ from: smtp.from, ...message })
    },
    close: () => transport.close(),
  }
}
