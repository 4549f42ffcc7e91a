import { useEffect, useRef, useState, type CSSProperties } from 'react'
import { TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

interface SearchBoxProps {
  label: string
  placeholder: string
  /** The search text as it is in the URL. */
  q: string
  /** Puts the typed text in the URL (replacing the history entry). */
  onSearch: (q: string) => void
  style?: CSSProperties
  maw?: number
}

/**
 * A search box synced with the URL. It keeps its own text so typing never waits on the URL; the URL follows
 * it, and back/forward (a new `q` from outside) lead it.
 */
export function SearchBox({ label, placeholder, q, onSearch, style = { flex: '1 1 16rem' }, maw }: SearchBoxProps) {
  const [text, setText] = useState(q)
  const pushed = useRef(q)
  useEffect(() => {
    if (q !== pushed.current) {
      pushed.current = q
      setText(q)
    }
  }, [q])

  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => {
        const value = e.currentTarget.value
        setText(value)
        pushed.current = value
        onSearch(value)
      }}
      style={style}
      maw={maw}
    />
  )
}
