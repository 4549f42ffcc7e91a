import { useEffect, useRef, useState } from 'react'
import { Anchor, Button, Stack, Text, Title } from '@mantine/core'
import { SignInForm } from './SignInForm.tsx'
import { SignUpForm } from './SignUpForm.tsx'
import classes from './AuthPanel.module.css'
import { MAIN_ID, SkipLink } from '../ui/SkipLink.tsx'
import { focusHeading } from '../../lib/focus-heading.ts'

type Face = 'signIn' | 'signUp'

const HEADING_OF: Record<Face, string> = { signIn: 'sign-in-title', signUp: 'sign-up-title' }

/** The landing screen's sliding panel: Sign in and Create Account, with an overlay that switches faces. */
export function AuthPanel() {
  const [face, setFace] = useState<Face>('signIn')
  const [registeredEmail, setRegisteredEmail] = useState<string>()
  const shownFace = useRef(face)

  // After a switch, focus goes to the new face's heading (the control that was pressed is now inert).
  useEffect(() => {
    if (shownFace.current === face) return
    shownFace.current = face
    const heading = document.getElementById(HEADING_OF[face])
    if (heading) focusHeading(heading)
  }, [face])

  return (
    <>
      <SkipLink />
      <main className={classes.page} id={MAIN_ID} tabIndex={-1}>
        <div className={classes.container} data-face={face}>
          <section className={`${classes.face} ${classes.signUp}`} inert={face !== 'signUp'} aria-hidden={face !== 'signUp'}>
            <Stack w="100%" gap="xs">
              <SignUpForm
                onRegistered={(email) => {
                  setRegisteredEmail(email)
                  setFace('signIn')
                }}
              />
              <Text className={classes.switchLink} size="sm" ta="center">
                Already have an account?{' '}
                <Anchor component="button" type="button" onClick={() => setFace('signIn')}>
                  Sign in
                </Anchor>
              </Text>
            </Stack>
          </section>

          <section className={`${classes.face} ${classes.signIn}`} inert={face !== 'signIn'} aria-hidden={face !== 'signIn'}>
            <Stack w="100%" gap="xs">
              <SignInForm initialEmail={registeredEmail} />
              <Text className={classes.switchLink} size="sm" ta="center">
                New here?{' '}
                <Anchor component="button" type="button" onClick={() => setFace('signUp')}>
                  Create an account
                </Anchor>
              </Text>
            </Stack>
          </section>

          <div className={classes.overlayContainer}>
            <div className={classes.overlay}>
              <div className={`${classes.overlayPanel} ${classes.overlayLeft}`} inert={face !== 'signUp'} aria-hidden={face !== 'signUp'}>
                <Title order={2}>Welcome Back!</Title>
                <Text>Sign in to pick up your packages where you left off.</Text>
                <Button variant="white" color="indigo" radius="xl" onClick={() => setFace('signIn')}>
                  Sign In
                </Button>
              </div>
              <div className={`${classes.overlayPanel} ${classes.overlayRight}`} inert={face !== 'signIn'} aria-hidden={face !== 'signIn'}>
                <Title order={2}>Hello, Learner</Title>
                <Text>Create an account and start learning with Learnpack.</Text>
                <Button variant="white" color="indigo" radius="xl" onClick={() => setFace('signUp')}>
                  Sign Up
                </Button>
              </div>
            </div>
          </div>
        </div>
      </main>
    </>
  )
}
