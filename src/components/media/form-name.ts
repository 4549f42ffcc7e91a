/**
 * A form's accessible name. Named forms are landmarks, and landmarks on one screen need different names: where one
 * screen holds the same form for several sub-topics (Upload Content), the sub-topic's title tells them apart.
 */
export const formName = (action: string, subTopicTitle?: string) => (subTopicTitle ? `${action}: ${subTopicTitle}` : action)
