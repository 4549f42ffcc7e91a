import { useMediaQuery } from '@mantine/hooks'

/** True below Mantine's `sm` breakpoint: dialogs go full-screen there. */
export const usePhone = () => useMediaQuery('(max-width: 48em)') ?? false
