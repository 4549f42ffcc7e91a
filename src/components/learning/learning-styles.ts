// Stylesheets of components only the learner screens use (the shell loads the common ones).
import '@mantine/core/styles/List.css'
import '@mantine/core/styles/InlineInput.css'
