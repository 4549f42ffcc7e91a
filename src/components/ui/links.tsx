import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core'
import { createLink, type LinkComponent } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, Ref } from 'react'

type AnchorBaseProps = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }
type ButtonBaseProps = ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }

const AnchorBase = (props: AnchorBaseProps) => <Anchor component="a" {...props} />
const ButtonBase = (props: ButtonBaseProps) => <Button component="a" {...props} />

const CreatedAnchorLink = createLink(AnchorBase)
const CreatedButtonLink = createLink(ButtonBase)

/** A Mantine Anchor that is a router Link, with typed `to`, `params` and `search`. */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchorLink preload="intent" {...props} />
/** A Mantine Button that is a router Link, with typed `to`, `params` and `search`. */
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink preload="intent" {...props} />
