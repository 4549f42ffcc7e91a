import { useRef } from 'react'

/** The last non-null value: a closing dialog keeps showing what it showed while it animates out. */
export function useLast<T>(value: T | null): T | null {
  const last = useRef(value)
  if (value !== null) last.current = value
  return last.current
}
