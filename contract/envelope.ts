/** The one response envelope every JSON call answers with (DESIGN.md §3). Null fields are omitted. */
export interface Envelope<T> {
  success: boolean
  data?: T
  message?: string
  status: number
  path?: string
  timestamp: string
  /** Validation errors: field path → message. */
  errorDetails?: Record<string, string>
}

/** The page shape of every paged call. */
export interface Page<T> {
  content: T[]
  totalPages: number
  totalElements: number
  number: number
  size: number
  first: boolean
  last: boolean
  empty: boolean
}
