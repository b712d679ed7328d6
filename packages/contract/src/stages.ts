import { STAGES } from './constants.js'

export type StageId = (typeof STAGES)[number]['id']

/**
 * Which of the four stages a round is, guessed from its name
 * (docs/product/exports-and-uploads.md#stage-names): 'preliminary' or 'stage 1' means ideas,
 * 'prototype' or 'stage 2' prototype, 'project' or 'stage 3' project, 'change makers', 'innovators'
 * or 'stage 4' invitees.
 */
export function stageOfRoundName(roundName: string): StageId | undefined {
  const name = roundName.toLowerCase()
  if (/preliminary|stage\s*1\b/.test(name)) return 'stage1'
  if (/prototype|stage\s*2\b/.test(name)) return 'stage2'
  if (/project|stage\s*3\b/.test(name)) return 'stage3'
  if (/change makers|innovators|stage\s*4\b/.test(name)) return 'stage4'
  return undefined
}
