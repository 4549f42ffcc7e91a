// What a test shows once a sitting opens: the questions to answer, then the result (see load-sitting.ts).
export { SittingForm } from './SittingForm.tsx'
export { TestResult } from './TestResult.tsx'
