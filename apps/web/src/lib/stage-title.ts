/**
 * A round as people read it in the stage order: 'Stage 2: Prototype', unless the organisers
 * already named it so ('Stage 2: Prototype' stays as it is, not 'Stage 2: Stage 2: Prototype').
 */
export function stageTitle(round: { name: string; position: number }): string {
  return new RegExp(`^stage\\s*${round.position}\\b`, 'i').test(round.name)
    ? round.name
    : `Stage ${round.position}: ${round.name}`
}
