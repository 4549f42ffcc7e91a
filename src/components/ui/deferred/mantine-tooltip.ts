export { Tooltip as default } from '@mantine/core'
