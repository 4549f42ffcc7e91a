// Stylesheets of the components only the test and results screens use (the shell loads the common ones).
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/List.css'
