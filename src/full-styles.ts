// The whole Mantine stylesheet, in its `mantine` CSS layer, loads with the signed-in shell (and the public account pages): every component a
// screen uses is styled without per-screen imports, and the landing screen's first load stays small (it
// imports only its own components' sheets, see src/styles.ts). App styles are unlayered, so they always win.
import '@mantine/core/styles.layer.css'
