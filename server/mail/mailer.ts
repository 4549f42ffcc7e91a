import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { Transporter } from 'nodemailer'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox and logged. */
export function createMailer(options: { smtpUrl: string | undefined; from: string; outboxDir: string }): Mailer {
  const { smtpUrl } = options
  // nodemailer is loaded with the first message: a process that sends none doesn't pay its start-up time or memory.
  let transport: Promise<Transporter> | undefined
  const getTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ))
  if (smtpUrl) {
    return {
      async send(message) {
        await (await getTransport()).sendMail({ from: options.from, ...message })
      },
    }
  }
  return {
    async send(message) {
      const info = await (await getTransport()).sendMail({ from: options.from, ...message })
      await mkdir(options.outboxDir, { recursive: true })
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`)
      await writeFile(file, info.message as Buffer)
      console.log(
        JSON.stringify({
          level: 'info',
          msg: 'mail written to outbox',
          to: message.to,
          subject: message.subject,
          file,
          body: message.text,
        }),
      )
    },
  }
}
