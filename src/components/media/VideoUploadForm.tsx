import { useState, type FormEvent } from 'react'
import { Button, Stack, TextInput } from '@mantine/core'
import { IconUpload } from '@tabler/icons-react'
import { notify } from '../../lib/toast.ts'
import { useUploadVideo } from '../../queries/videos.ts'
import { FilePicker, wrongKind } from '../ui/FilePicker.tsx'
import { FormMessage } from '../ui/FormMessage.tsx'
import { FrameFromVideo } from './FrameFromVideo.tsx'
import { UploadProgress } from '../ui/UploadProgress.tsx'
import { useWarnOnLeave } from './useWarnOnLeave.ts'
import { formName } from './form-name.ts'

/** A video and its thumbnail (both required) with an optional title, sent with a real progress bar and Cancel. */
export function VideoUploadForm({ skillId, subTopicId, subTopicTitle }: { skillId: number; subTopicId: number; subTopicTitle?: string }) {
  const [video, setVideo] = useState<File | null>(null)
  const [thumbnail, setThumbnail] = useState<File | null>(null)
  const [title, setTitle] = useState('')
  const [message, setMessage] = useState<string | null>(null)
  const [errors, setErrors] = useState<{ video?: string; thumbnail?: string }>({})
  const send = useUploadVideo(skillId)
  useWarnOnLeave(send.isPending)

  function pick(field: 'video' | 'thumbnail', file: File | null) {
    ;(field === 'video' ? setVideo : setThumbnail)(file)
    setErrors((current) => ({
      ...current,
      [field]: file ? (wrongKind(file, field === 'video' ? 'video' : 'image') ?? undefined) : undefined,
    }))
    setMessage(null)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!video || !thumbnail) {
      setMessage('Please select both video and thumbnail')
      return
    }
    if (errors.video || errors.thumbnail) return
    setMessage(null)
    send.mutate(
      { subTopicId, video, thumbnail, title },
      {
        onSuccess: () => {
          setVideo(null)
          setThumbnail(null)
          setTitle('')
        },
        // A failure's toast comes from the mutation's meta; a cancel is no failure.
        onError: () => {
          if (send.wasCancelled()) notify.message('Upload cancelled')
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={formName('Upload a video', subTopicTitle)}>
      <Stack gap="sm">
        <FilePicker
          kind="video"
          label="Video"
          value={video}
          onChange={(file) => pick('video', file)}
          error={errors.video}
          disabled={send.isPending}
          placeholder="Choose a video"
          required
        />
        <FilePicker
          kind="image"
          label="Thumbnail"
          value={thumbnail}
          onChange={(file) => pick('thumbnail', file)}
          error={errors.thumbnail}
          disabled={send.isPending}
          placeholder="Choose an image"
          required
        />
        <FrameFromVideo
          video={errors.video ? null : video}
          thumbnail={thumbnail}
          onFrame={(frame) => pick('thumbnail', frame)}
          disabled={send.isPending}
        />
        <TextInput
          label="Title (optional)"
          placeholder="Defaults to the video's file name"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={200}
          disabled={send.isPending}
        />
        <FormMessage>{message}</FormMessage>
        {send.isPending ? (
          <UploadProgress label="Video upload progress" value={send.progress} onCancel={send.cancel} />
        ) : (
          <Button type="submit" leftSection={<IconUpload size={16} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
            Upload video
          </Button>
        )}
      </Stack>
    </form>
  )
}
