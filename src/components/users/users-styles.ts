// Stylesheets of the components only the users and assignment screens use (the shell loads the common ones).
import '@mantine/core/styles/CheckboxCard.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/List.css'
