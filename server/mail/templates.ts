import type { MailMessage } from './mailer.ts'

export function verificationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your Learnpack e-mail',
    text: `Hello ${name},\n\nPlease confirm your e-mail address by opening this link:\n${link}\n\nThe link works once and expires in 24 hours. If you did not create a Learnpack account, ignore this e-mail.\n`,
  }
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Learnpack password',
    text: `Hello ${name},\n\nSomeone asked to reset the password of your Learnpack account. To choose a new password, open:\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this e-mail; your password stays as it is.\n`,
  }
}
