import { formatDueDate } from '../reminders/wording.ts'

export const MY_CERTIFICATES_LINK = '/user/certificates'

export const issuedText = (packageTitle: string) => ({
  title: `Certificate earned: '${packageTitle}'`,
  body: 'You completed the package. Your certificate is ready to download and share.',
})

export const expiringText = (packageTitle: string, recertifyBy: Date) => ({
  title: `Recertify '${packageTitle}' by ${formatDueDate(recertifyBy)}`,
  body: 'Your certificate expires then. Complete the package again to earn a new one.',
})
