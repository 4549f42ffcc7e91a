import { useId, useState, type ReactNode } from 'react'
import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useElementSize } from '@mantine/hooks'
import { IconChartBar, IconTable } from '@tabler/icons-react'
import classes from './Charts.module.css'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'

/**
 * A chart drawn as plain SVG: the picture is one image whose accessible name summarises it, and the same
 * figures are a table, read by screen readers and shown on request ('Show table').
 */

export interface ChartDatum {
  key: string | number
  /** Full label (the table and the bar's tooltip). */
  label: string
  /** Short label drawn under a column (defaults to `label`). */
  short?: string
  /** Null: nothing to draw (e.g. no attempts yet). */
  value: number | null
  /** How the value reads, e.g. '72.5%'. */
  display: string
}

interface ChartCardProps {
  title: string
  /** The image's accessible name: what the chart shows, in a sentence. */
  summary: string
  columns: [string, string]
  data: ChartDatum[]
  children: ReactNode
  /** Optional note under the title. */
  note?: ReactNode
  /** Shown instead of the chart and its table when there is nothing to draw. */
  empty?: ReactNode
}

export function ChartCard({ title, summary, columns, data, children, note, empty }: ChartCardProps) {
  const [showTable, setShowTable] = useState(false)
  const tableId = useId()
  const headingId = useId()
  const table = (
    <ScrollRegion labelledBy={headingId} minWidth={280}>
      <Table id={tableId} verticalSpacing={6} striped aria-labelledby={headingId} className={classes.dataTable}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{columns[0]}</Table.Th>
            <Table.Th scope="col" ta="right">
              {columns[1]}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((d) => (
            <Table.Tr key={d.key}>
              <Table.Td className={classes.labelCell}>{d.label}</Table.Td>
              <Table.Td ta="right" className={classes.valueCell}>
                {d.display}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  )
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={headingId} className={classes.card}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId}>
              {title}
            </Title>
            {note ? (
              <Text size="xs" c="dimmed">
                {note}
              </Text>
            ) : null}
          </div>
          {empty ? null : (
            <Button
              variant="subtle"
              size="compact-sm"
              style={{ flexShrink: 0 }}
              onClick={() => setShowTable((v) => !v)}
              aria-expanded={showTable}
              aria-controls={tableId}
              leftSection={showTable ? <IconChartBar size={14} aria-hidden /> : <IconTable size={14} aria-hidden />}
            >
              {showTable ? 'Show chart' : 'Show table'}
            </Button>
          )}
        </Group>
        {empty ? (
          empty
        ) : showTable ? (
          table
        ) : (
          <>
            <div role="img" aria-label={summary} className={classes.chart}>
              {children}
            </div>
            <VisuallyHidden>{table}</VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  )
}

const FALLBACK_WIDTH = 640

/** Columns over time (e.g. attempts per day): widths follow the container, so labels keep their size on phones. */
export function ColumnChart({ data, height = 180 }: { data: ChartDatum[]; height?: number }) {
  const { ref, width: measured } = useElementSize()
  const width = measured || FALLBACK_WIDTH
  const top = 18
  const bottom = 22
  const left = 4
  const plot = height - top - bottom
  const max = Math.max(1, ...data.map((d) => d.value ?? 0))
  const slot = (width - left) / Math.max(1, data.length)
  const bar = Math.max(4, Math.min(36, slot * 0.62))
  // One date label per ~56 px so they never overlap, counted back from the newest (always labelled).
  const every = Math.max(1, Math.ceil(56 / slot))
  return (
    <div ref={ref} className={classes.frame}>
      <svg width={width} height={height} aria-hidden focusable="false" className={classes.svg}>
        <line x1={0} x2={width} y1={top + plot + 0.5} y2={top + plot + 0.5} className={classes.axis} />
        <line x1={0} x2={width} y1={top + 0.5} y2={top + 0.5} className={classes.grid} />
        {data.map((d, i) => {
          const value = d.value ?? 0
          const h = value === 0 ? 0 : Math.max(2, (value / max) * plot)
          const x = left + i * slot + (slot - bar) / 2
          const cx = left + i * slot + slot / 2
          return (
            <g key={d.key}>
              <title>{`${d.label}: ${d.display}`}</title>
              {h > 0 ? <rect x={x} y={top + plot - h} width={bar} height={h} rx={Math.min(3, h / 2)} className={classes.bar} /> : null}
              {value > 0 && slot >= 16 ? (
                <text x={cx} y={top + plot - h - 4} textAnchor="middle" className={classes.value}>
                  {d.display}
                </text>
              ) : null}
              {(data.length - 1 - i) % every === 0 ? (
                <text x={cx} y={height - 6} textAnchor={cx < 22 ? 'start' : cx > width - 22 ? 'end' : 'middle'} className={classes.tick}>
                  {d.short ?? d.label}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
    </div>
  )
}

/** Horizontal bars on a 0–`max` scale (e.g. average score per sub-topic), each label above its bar. */
export function BarList({ data, max = 100 }: { data: ChartDatum[]; max?: number }) {
  const { ref, width: measured } = useElementSize()
  const width = measured || FALLBACK_WIDTH
  const row = 44
  // Room for the longest value at 11 px semibold (about 7 px a character), so 'No attempts' is never cut.
  const valueWidth = Math.max(64, 12 + 7 * Math.max(0, ...data.map((d) => d.display.length)))
  const track = Math.max(40, width - valueWidth)
  const height = data.length * row + 4
  const chars = Math.max(12, Math.floor(width / 7.2))
  const clip = (text: string) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text)
  return (
    <div ref={ref} className={classes.frame}>
      <svg width={width} height={height} aria-hidden focusable="false" className={classes.svg}>
        {data.map((d, i) => {
          const y = i * row
          const w = d.value === null ? 0 : Math.max(d.value > 0 ? 2 : 0, (Math.min(d.value, max) / max) * track)
          return (
            <g key={d.key}>
              <title>{`${d.label}: ${d.display}`}</title>
              <text x={0} y={y + 14} className={classes.barLabel}>
                {clip(d.label)}
              </text>
              <rect x={0} y={y + 20} width={track} height={14} rx={4} className={classes.track} />
              {w > 0 ? <rect x={0} y={y + 20} width={w} height={14} rx={4} className={classes.bar} /> : null}
              <text x={track + 8} y={y + 32} className={d.value === null ? classes.tick : classes.value}>
                {d.display}
              </text>
            </g>
          )
        })}
      </svg>
    </div>
  )
}
