import { render } from '@testing-library/react'
import { ThemeProviders } from '../../src/ThemeProviders.tsx'
import { themeStylesheet } from '../../scripts/theme-stylesheet.ts'

describe('the theme stylesheet of the build (scripts/theme-stylesheet.ts)', () => {
  it('says what MantineProvider writes into its style elements at run time, for either colour scheme', async () => {
    const built = await themeStylesheet(process.cwd())
    for (const scheme of ['light', 'dark']) {
      localStorage.setItem('theme', scheme)
      const view = render(<ThemeProviders env="test">{null}</ThemeProviders>)
      const written = [...document.querySelectorAll('style[data-mantine-styles]')].map((style) => style.textContent)
      expect(written).toHaveLength(2)
      expect(built).toBe(`${written.join('\n')}\n`)
      view.unmount()
    }
    localStorage.removeItem('theme')
  })
})
