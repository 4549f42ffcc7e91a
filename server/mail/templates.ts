import type { MailMessage } from './mailer.ts'
import { formatDueDate } from '../reminders/wording.ts'

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

export function accountTakenOverMail(to: string, name: string): MailMessage {
  return {
    to,
    subject: 'Your Learnpack account now signs in with Google',
    text: `Hello ${name},\n\nYou signed in to Learnpack with Google. A Learnpack account already existed for this e-mail address, with a password, but the address had never been confirmed, so we could not tell who set that password. To keep your account yours, that password has been removed and every other session of the account has been signed out.\n\nYou can keep signing in with Google, or choose a new password in Settings. If you set that password yourself, nothing else has changed.\n`,
  }
}

export function accessRequestedMail(to: string, learner: { name: string; email: string }, packageTitle: string, link: string): MailMessage {
  return {
    to,
    subject: `Access requested: ${packageTitle}`,
    text: `Hello,\n\n${learner.name} (${learner.email}) asks for access to the package "${packageTitle}".\n\nTo assign it or dismiss the request, open:\n${link}\n`,
  }
}

/** A reminder about a package due soon or overdue; `headline` and `detail` are the in-app notification's title and body. */
export function reminderMail(
  to: string,
  name: string,
  reminder: { headline: string; detail: string; link: string; settingsLink: string },
): MailMessage {
  return {
    to,
    subject: reminder.headline,
    text: `Hello ${name},\n\n${reminder.headline}. ${reminder.detail}\n\nTo open it:\n${reminder.link}\n\nYou can turn reminder e-mails off in Settings (the reminders in Learnpack itself stay):\n${reminder.settingsLink}\n`,
  }
}

export function invitationMail(to: string, name: string, link: string): MailMessage {
  return {
    to,
    subject: 'You are invited to Learnpack',
    text: `Hello ${name},\n\nAn administrator has made a Learnpack account for you (${to}). To choose your password and sign in, open:\n${link}\n\nThe link works once and expires in 7 days. If it has expired, open Learnpack and use "Forgot your password?" with this e-mail address to get a new link.\n`,
  }
}

/** A certificate was issued; `verifyLink` is the public page an employer can check it on. */
export function certificateIssuedMail(
  to: string,
  name: string,
  certificate: { packageTitle: string; expiresAt: Date | null; verifyLink: string; certificatesLink: string },
): MailMessage {
  const validity = certificate.expiresAt ? `It is valid until ${formatDueDate(certificate.expiresAt)}.` : 'It does not expire.'
  return {
    to,
    subject: `Certificate earned: ${certificate.packageTitle}`,
    text: `Hello ${name},\n\nYou completed "${certificate.packageTitle}" and earned its certificate. ${validity}\n\nDownload it from My certificates:\n${certificate.certificatesLink}\n\nAnyone can check it at:\n${certificate.verifyLink}\n`,
  }
}

/** A certificate expires soon and the learner's renewal cycle has begun. */
export function certificateExpiringMail(
  to: string,
  name: string,
  renewal: { headline: string; detail: string; link: string },
): MailMessage {
  return {
    to,
    subject: renewal.headline,
    text: `Hello ${name},\n\n${renewal.headline}. ${renewal.detail}\n\nTo start:\n${renewal.link}\n`,
  }
}
