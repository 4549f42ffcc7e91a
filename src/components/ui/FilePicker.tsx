import type { ReactNode } from 'react'
import { FileInput } from '@mantine/core'
import { IconFile, IconFileSpreadsheet, IconFileText, IconFileTypePdf, IconFileZip, IconMovie, IconPhoto } from '@tabler/icons-react'
import { formatBytes } from '../../../contract/bytes.ts'
import { XLSX_TYPE } from '../../../contract/mcq-import.ts'

/** The kinds of file the upload screens take (the server checks the bytes; this only guides the picker). */
export type PickKind = 'video' | 'image' | 'pdf' | 'xlsx' | 'sheet' | 'zip' | 'captions'

export const ACCEPT: Record<PickKind, string> = {
  video: 'video/*',
  image: 'image/*',
  pdf: 'application/pdf',
  xlsx: `.xlsx,${XLSX_TYPE}`,
  sheet: `.xlsx,.csv,${XLSX_TYPE},text/csv`,
  zip: '.zip,application/zip',
  captions: '.vtt,.srt,text/vtt',
}

const ICON: Record<PickKind, ReactNode> = {
  video: <IconMovie size={16} aria-hidden />,
  image: <IconPhoto size={16} aria-hidden />,
  pdf: <IconFileTypePdf size={16} aria-hidden />,
  xlsx: <IconFileSpreadsheet size={16} aria-hidden />,
  sheet: <IconFileSpreadsheet size={16} aria-hidden />,
  zip: <IconFileZip size={16} aria-hidden />,
  captions: <IconFileText size={16} aria-hidden />,
}

const extension = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''

/** A picked file that is plainly the wrong kind (by type or name), caught before any byte is sent. */
export function wrongKind(file: File, kind: PickKind): string | null {
  const ext = extension(file.name)
  switch (kind) {
    case 'video':
      return file.type.startsWith('video/') || ['mp4', 'm4v', 'webm', 'mov'].includes(ext)
        ? null
        : 'Choose a video file (MP4, WebM or QuickTime)'
    case 'image':
      return file.type.startsWith('image/') || ['png', 'jpg', 'jpeg', 'webp'].includes(ext) ? null : 'Choose an image (PNG, JPEG or WebP)'
    case 'pdf':
      return file.type === 'application/pdf' || ext === 'pdf' ? null : 'Choose a PDF file'
    case 'xlsx':
      return ext === 'xlsx' ? null : 'Only .xlsx files are accepted'
    case 'sheet':
      return ext === 'xlsx' || ext === 'csv' ? null : 'Only .xlsx and .csv files are accepted'
    case 'zip':
      return ext === 'zip' ? null : 'Choose a SCORM package (.zip)'
    case 'captions':
      return ext === 'vtt' || ext === 'srt' ? null : 'Choose a .vtt or .srt caption file'
  }
}

const ellipsis = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const

function PickedFile({ value }: { value: null | File | File[] }) {
  const file = Array.isArray(value) ? value[0] : value
  return file ? <div style={ellipsis}>{`${file.name} · ${formatBytes(file.size)}`}</div> : null
}

interface FilePickerProps {
  kind: PickKind
  label: string
  value: File | null
  onChange: (file: File | null) => void
  description?: ReactNode
  error?: ReactNode
  disabled?: boolean
  placeholder?: string
  /** Marked with an asterisk and 'Required' from the start, not only once a submit fails. */
  required?: boolean
}

/** The one file field of the upload screens: labelled, filtered by kind, clearable, with the chosen file's size. */
export function FilePicker({
  kind,
  label,
  value,
  onChange,
  description,
  error,
  disabled,
  placeholder = 'Choose a file',
  required = false,
}: FilePickerProps) {
  return (
    <FileInput
      label={label}
      value={value}
      onChange={onChange}
      accept={ACCEPT[kind]}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      leftSection={value ? ICON[kind] : <IconFile size={16} aria-hidden />}
      leftSectionPointerEvents="none"
      placeholder={placeholder}
      description={required ? <>Required{description ? <>. {description}</> : null}</> : description}
      withAsterisk={required}
      error={error}
      disabled={disabled}
      valueComponent={PickedFile}
    />
  )
}
