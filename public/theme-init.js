// Applies the saved theme before the first paint, so a dark page never flashes light.
;(() => {
  var scheme = 'light'
  try {
    if (localStorage.getItem('theme') === 'dark') scheme = 'dark'
  } catch {}
  var root = document.documentElement
  root.setAttribute('data-mantine-color-scheme', scheme)
  if (scheme === 'dark') root.classList.add('dark')
})()
