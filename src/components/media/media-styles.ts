// Stylesheets of the components only the media screens use (the shell loads the common ones).
import '@mantine/core/styles/AspectRatio.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/List.css'
