import { memo, useId, useState } from 'react'
import { Badge, Card, CopyButton, Group, SimpleGrid, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core'
import { IconCheck, IconFileText, IconListCheck, IconPackage, IconSettings, IconVideo } from '@tabler/icons-react'
import type { SubTopic } from '../../../contract/content.ts'
import { TestSettingsPanel } from './TestSettingsForm.tsx'
import { ButtonLink } from '../ui/links.tsx'
import classes from './media.module.css'
import { McqSheetUpload } from './McqSheetUpload.tsx'
import { MaterialList } from './MaterialList.tsx'
import { PdfUploadForm } from './PdfUploadForm.tsx'
import { VideoList } from './VideoList.tsx'
import { VideoUploadForm } from './VideoUploadForm.tsx'
import { ScormPackageList } from './ScormPackageList.tsx'
import { ScormUploadForm } from './ScormUploadForm.tsx'

function Count({ n }: { n: number }) {
  return (
    <Badge size="xs" variant="light" color="gray" circle={n < 10}>
      {n}
    </Badge>
  )
}

/** One sub-topic of the Upload Content page: its id (for the bulk template), and tabs for videos, study materials and questions. */
export const SubTopicMedia = memo(function SubTopicMedia({ skillId, subTopic }: { skillId: number; subTopic: SubTopic }) {
  const headingId = useId()
  // The test settings load when their tab is first opened, not for every sub-topic of the page.
  const [settingsOpened, setSettingsOpened] = useState(false)
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {subTopic.title}
            </Title>
            {subTopic.description ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {subTopic.description}
              </Text>
            ) : null}
          </div>
          <Group gap="xs" wrap="wrap">
            <CopyButton value={String(subTopic.id)}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy the id for the bulk template'}>
                  <Badge
                    component="button"
                    type="button"
                    onClick={copy}
                    variant="outline"
                    color={copied ? 'teal' : 'gray'}
                    size="lg"
                    radius="sm"
                    rightSection={copied ? <IconCheck size={12} aria-hidden /> : null}
                    style={{ textTransform: 'none', cursor: 'pointer', fontVariantNumeric: 'tabular-nums' }}
                  >
                    Sub-topic ID: {subTopic.id}
                  </Badge>
                </Tooltip>
              )}
            </CopyButton>
            <ButtonLink
              to="/subtopic-mcqs/$subTopicIds"
              params={{ subTopicIds: [subTopic.id] }}
              variant="light"
              size="xs"
              leftSection={<IconListCheck size={14} aria-hidden />}
            >
              View Added Questions
            </ButtonLink>
          </Group>
        </Group>

        <Tabs
          defaultValue="videos"
          keepMounted
          onChange={(tab) => {
            if (tab === 'settings') setSettingsOpened(true)
          }}
          classNames={{ list: classes.tabList, tab: classes.tab, tabSection: classes.tabSection }}
        >
          <Tabs.List>
            <Tabs.Tab value="videos" leftSection={<IconVideo size={16} aria-hidden />} rightSection={<Count n={subTopic.videos.length} />}>
              Videos
            </Tabs.Tab>
            <Tabs.Tab
              value="materials"
              leftSection={<IconFileText size={16} aria-hidden />}
              rightSection={<Count n={subTopic.studyMaterials.length} />}
            >
              Study materials
            </Tabs.Tab>
            <Tabs.Tab
              value="scorm"
              leftSection={<IconPackage size={16} aria-hidden />}
              rightSection={<Count n={subTopic.scormPackages.length} />}
            >
              SCORM
            </Tabs.Tab>
            <Tabs.Tab value="questions" leftSection={<IconListCheck size={16} aria-hidden />}>
              Questions
            </Tabs.Tab>
            <Tabs.Tab value="settings" leftSection={<IconSettings size={16} aria-hidden />}>
              Test settings
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="videos" pt="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
              <VideoUploadForm skillId={skillId} subTopicId={subTopic.id} subTopicTitle={subTopic.title} />
              <VideoList videos={subTopic.videos} skillId={skillId} />
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="materials" pt="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
              <PdfUploadForm skillId={skillId} subTopicId={subTopic.id} subTopicTitle={subTopic.title} />
              <MaterialList subTopic={subTopic} skillId={skillId} />
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="scorm" pt="md">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
              <ScormUploadForm skillId={skillId} subTopicId={subTopic.id} subTopicTitle={subTopic.title} />
              <ScormPackageList packages={subTopic.scormPackages} skillId={skillId} />
            </SimpleGrid>
          </Tabs.Panel>
          <Tabs.Panel value="questions" pt="md">
            <McqSheetUpload
              kind="plain"
              subTopicId={subTopic.id}
              subTopicTitle={subTopic.title}
              missingFileMessage="Please select an Excel file"
            />
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="md">
            {settingsOpened ? <TestSettingsPanel subTopicId={subTopic.id} subTopicTitle={subTopic.title} /> : null}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Card>
  )
})
