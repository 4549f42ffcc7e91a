// Stylesheets of the components only the account pages use (the public ones load without the shell's sheets).
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/Avatar.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Card.css'
import '@mantine/core/styles/Divider.css'
import '@mantine/core/styles/SegmentedControl.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/ThemeIcon.css'
