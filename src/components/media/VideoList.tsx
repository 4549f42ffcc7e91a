import { useState } from 'react'
import { ActionIcon, AspectRatio, Box, Button, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core'
import { IconEye, IconPlayerPlay, IconTrash, IconVideoOff } from '@tabler/icons-react'
import type { Video } from '../../../contract/content.ts'
import { useDeleteVideo } from '../../queries/videos.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { CaptionedVideo } from '../ui/CaptionedVideo.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { CaptionTracks } from './CaptionTracks.tsx'
import { Modal } from '../ui/Modal.tsx'

const views = (n: number) => `${n} ${n === 1 ? 'view' : 'views'}`

/**
 * A sub-topic's videos: thumbnail, title and views; Play opens the player. Given the `skillId` whose lists
 * refresh after a change (the Upload Content page), each video also has Delete, which asks first.
 */
export function VideoList({ videos, skillId }: { videos: Video[]; skillId?: number }) {
  const [playing, setPlaying] = useState<Video | null>(null)
  const [deleting, setDeleting] = useState<Video | null>(null)

  if (!videos.length) return <EmptyState>No videos uploaded yet.</EmptyState>
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Videos">
        {videos.map((video) => (
          <Card key={video.id} withBorder radius="md" padding="xs" component="li">
            <Card.Section>
              <AspectRatio ratio={16 / 9} bg="dark.8">
                {video.thumbnailUrl ? (
                  <img src={video.thumbnailUrl} alt={`Thumbnail of ${video.title}`} loading="lazy" style={{ objectFit: 'cover' }} />
                ) : (
                  <Box c="gray.5" style={{ display: 'grid', placeItems: 'center' }}>
                    <IconVideoOff size={28} aria-hidden />
                  </Box>
                )}
              </AspectRatio>
            </Card.Section>
            <Stack gap={6} mt="xs">
              <Text fw={600} size="sm" lineClamp={2} title={video.title} style={{ overflowWrap: 'anywhere' }}>
                {video.title}
              </Text>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={4} c="dimmed" wrap="nowrap">
                  <IconEye size={14} aria-hidden />
                  <Text size="xs" c="dimmed">
                    {views(video.noOfViews)}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconPlayerPlay size={14} aria-hidden />}
                    onClick={() => setPlaying(video)}
                    aria-label={`Play ${video.title}`}
                  >
                    Play
                  </Button>
                  {skillId !== undefined ? (
                    <Tooltip label="Delete video">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(video)}
                        aria-label={`Delete video ${video.title}`}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  ) : null}
                </Group>
              </Group>
              <CaptionTracks video={video} skillId={skillId ?? null} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />

      {skillId !== undefined ? <DeleteVideoDialog skillId={skillId} video={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  )
}

function DeleteVideoDialog({ skillId, video, onClose }: { skillId: number; video: Video | null; onClose: () => void }) {
  const remove = useDeleteVideo(skillId)

  function confirmDelete() {
    if (!video) return
    remove.mutate(video, {
      onSuccess: () => {
        onClose()
      },
    })
  }

  return (
    <ConfirmDialog
      opened={video !== null}
      title="Delete video"
      message={`Are you sure you want to delete the video '${video?.title ?? ''}'?`}
      detail="The video file and its thumbnail are removed for every learner."
      confirmLabel="Delete"
      danger
      loading={remove.isPending}
      onConfirm={confirmDelete}
      onCancel={onClose}
    />
  )
}

/** Plays a video from its signed URL (Range requests let the player seek). Escape or the close button returns focus to Play. */
export function VideoPlayerModal({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const [failed, setFailed] = useState(false)
  return (
    <Modal
      opened={video !== null}
      onClose={onClose}
      title={video?.title ?? ''}
      size="xl"
      centered
      onExitTransitionEnd={() => setFailed(false)}
    >
      {video ? (
        <Stack gap="xs">
          <AspectRatio ratio={16 / 9} bg="black" style={{ borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}>
            <CaptionedVideo
              key={video.id}
              captions={video.captions}
              src={video.url}
              poster={video.thumbnailUrl || undefined}
              controls
              preload="metadata"
              data-autofocus
              aria-label={`Video: ${video.title}`}
              onError={() => setFailed(true)}
              style={{ width: '100%', height: '100%', background: 'black' }}
            />
          </AspectRatio>
          {failed ? (
            <Text size="sm" c="red" role="alert">
              The video could not be played. Its link may have expired: reload the page and try again.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  )
}
