import { type ReactNode, useEffect, useRef, useState } from 'react'

/**
 * Renders `children` once their place has come into the viewport (at once where the browser has no
 * IntersectionObserver), and until then `placeholder`, which keeps that place's size: a part below the fold, with its
 * code loaded on demand, is then not part of the page's first load.
 */
export function WhenInView({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined')
  const place = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (inView || !place.current) return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true)
    })
    observer.observe(place.current)
    return () => observer.disconnect()
  }, [inView])
  return inView ? children : <div ref={place}>{placeholder}</div>
}
