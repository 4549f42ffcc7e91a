import { IconArrowLeft } from '@tabler/icons-react'
import { ButtonLink } from './links.tsx'

/** The way back to the admin package list, from any content screen under it. */
export function BackToPackages() {
  return (
    <ButtonLink to="/package" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
      Back to packages
    </ButtonLink>
  )
}
