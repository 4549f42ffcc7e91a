/** Debian's Chromium (`apt-get install chromium`), driven by the e2e suite, the bundle budget and the Lighthouse audit. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** No sandbox (containers), no GPU, and none of the background traffic that would blur what a page itself loads. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]
