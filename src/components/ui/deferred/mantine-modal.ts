export { Modal as default } from '@mantine/core'
