// Applies the theme before the first paint, so a dark page never flashes light: the saved choice, else the system's.
;(() => {
  var scheme = 'light'
  var saved
  try {
    saved = localStorage.getItem('theme')
    if (saved === 'dark' || saved === 'light') scheme = saved
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark'
  } catch {}
  var root = document.documentElement
  root.setAttribute('data-mantine-color-scheme', scheme)
  if (scheme === 'dark') root.classList.add('dark')
})()
