import { useEffect, useState } from 'react'
import { Button, Group, Image, NumberInput, Stack } from '@mantine/core'
import { IconPhoto } from '@tabler/icons-react'
import { videoDuration, videoFrame } from '../../lib/video-frame.ts'
import { FormMessage } from '../ui/FormMessage.tsx'

interface FrameFromVideoProps {
  video: File | null
  /** The form's thumbnail: the preview shows while it is the frame made here. */
  thumbnail: File | null
  onFrame: (frame: File) => void
  disabled?: boolean
}

const CANNOT_READ = 'This browser cannot read a frame of this video: choose an image instead.'

/** 'Use a frame from the video': a moment of the chosen video, picked in seconds, drawn in the browser and made the thumbnail. */
export function FrameFromVideo({ video, thumbnail, onFrame, disabled = false }: FrameFromVideoProps) {
  const [duration, setDuration] = useState<number | null>(null)
  const [seconds, setSeconds] = useState(0)
  const [problem, setProblem] = useState<string | null>(null)
  const [drawing, setDrawing] = useState(false)
  const [preview, setPreview] = useState<{ frame: File; url: string } | null>(null)

  useEffect(() => {
    setDuration(null)
    setSeconds(0)
    setProblem(null)
    if (!video) return
    let current = true
    videoDuration(video).then(
      (length) => current && setDuration(Number.isFinite(length) ? length : 0),
      () => current && setProblem(CANNOT_READ),
    )
    return () => {
      current = false
    }
  }, [video])

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview])

  if (!video) return null

  async function drawFrame() {
    if (!video) return
    setDrawing(true)
    setProblem(null)
    try {
      const frame = await videoFrame(video, seconds)
      setPreview({ frame, url: URL.createObjectURL(frame) })
      onFrame(frame)
    } catch {
      setProblem(CANNOT_READ)
    } finally {
      setDrawing(false)
    }
  }

  const max = Math.floor(duration ?? 0)
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NumberInput
          label="Frame at (seconds)"
          description={duration === null ? 'Reading the video…' : `From 0 to ${max}`}
          value={seconds}
          onChange={(value) => setSeconds(typeof value === 'number' ? value : 0)}
          min={0}
          max={max}
          step={1}
          allowNegative={false}
          clampBehavior="strict"
          disabled={disabled || duration === null || drawing}
          w={200}
        />
        <Button
          variant="default"
          leftSection={<IconPhoto size={16} aria-hidden />}
          onClick={() => void drawFrame()}
          loading={drawing}
          disabled={disabled || duration === null}
        >
          Use a frame from the video
        </Button>
      </Group>
      {preview && preview.frame === thumbnail ? (
        <Image src={preview.url} alt={`Thumbnail preview: the frame at ${seconds} s`} w={160} radius="sm" />
      ) : null}
      <FormMessage>{problem}</FormMessage>
    </Stack>
  )
}
