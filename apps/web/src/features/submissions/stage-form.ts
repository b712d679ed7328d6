import {
  SUBMISSION_MESSAGES,
  answerFile,
  answerInput,
  submitStageInput,
  type AnswerInput,
  type ApplicantSubmission,
  type RequirementKind,
  type StageDocument,
  type SubmitStageInput,
} from '@hackathon/contract'
import { z } from 'zod'

/** The field of an answer that a requirement's kind fills. */
export const ANSWER_FIELD = {
  file: 'file',
  link: 'url',
  text: 'text',
} as const satisfies Record<RequirementKind, string>

/** A file uploaded for an answer (POST /api/applicant/answer-files), as the form keeps it. */
const uploadedFile = answerFile.pick({ id: true, name: true, size: true })
export type UploadedFile = z.infer<typeof uploadedFile>

/** One requirement's answer as the form holds it; only the field of its kind is used. */
const answerValue = z.object({ file: uploadedFile.nullable(), url: z.string(), text: z.string() })
export type AnswerValue = z.infer<typeof answerValue>

/** The answer to send for a requirement, or null when it is left empty. */
function answerFor(requirement: StageDocument, value: AnswerValue | undefined): AnswerInput | null {
  const requirementId = requirement.id
  switch (requirement.kind) {
    case 'file':
      return value?.file ? { requirementId, fileId: value.file.id } : null
    case 'link':
      return value?.url.trim() ? { requirementId, url: value.url } : null
    case 'text':
      return value?.text.trim() ? { requirementId, text: value.text } : null
  }
}

/**
 * The stage form's schema: the contract's submitStageInput and answerInput, plus the rules of
 * this stage's requirements (docs/product/submissions.md#answers): a required one must be
 * answered, with the server's own words when it is not; each answer is checked by answerInput
 * (a link starts with https://, a text has at most ANSWER_TEXT_MAX characters). Errors sit on the
 * field of the requirement they concern (`answers.N.url`); the output is what is posted.
 */
export function stageFormSchema(stageId: string, requirements: readonly StageDocument[]) {
  return z
    .object({
      githubUrl: submitStageInput.shape.githubUrl,
      answers: z.array(answerValue).superRefine((values, ctx) => {
        requirements.forEach((requirement, index) => {
          const path = [index, ANSWER_FIELD[requirement.kind]]
          const answer = answerFor(requirement, values[index])
          if (!answer) {
            if (requirement.isRequired) {
              ctx.addIssue({
                code: 'custom',
                path,
                message: SUBMISSION_MESSAGES.answerMissing(requirement.description),
              })
            }
            return
          }
          const checked = answerInput.safeParse(answer)
          for (const issue of checked.success ? [] : checked.error.issues) {
            ctx.addIssue({ code: 'custom', path, message: issue.message })
          }
        })
      }),
    })
    .transform(({ githubUrl, answers }): SubmitStageInput => ({
      stageId,
      githubUrl,
      // The ticked documents of old: the answers say it all now, so none are sent.
      documents: [],
      answers: requirements.flatMap((requirement, index) => {
        const answer = answerFor(requirement, answers[index])
        return answer ? [answer] : []
      }),
    }))
    .pipe(submitStageInput)
}

export type StageFormValues = z.input<ReturnType<typeof stageFormSchema>>
export type StageFormOutput = z.output<ReturnType<typeof stageFormSchema>>

/**
 * The form's starting values: the existing submission's answers, matched to the requirements by
 * id (an answer to a requirement the stage no longer asks for is not carried over).
 */
export function initialValues(
  requirements: readonly StageDocument[],
  submission: ApplicantSubmission | undefined,
): StageFormValues {
  return {
    githubUrl: submission?.githubUrl ?? '',
    answers: requirements.map((requirement) => {
      const given = submission?.answers.find((a) => a.requirementId === requirement.id)
      return {
        file: given?.file
          ? { id: given.file.id, name: given.file.name, size: given.file.size }
          : null,
        url: given?.url ?? '',
        text: given?.text ?? '',
      }
    }),
  }
}

/**
 * The requirement a refused submission names, by its description in quotes (the server's
 * "Please answer "…": it is required." and its other answer messages), as an index.
 */
export function requirementNamedIn(
  message: string,
  requirements: readonly StageDocument[],
): number | null {
  const index = requirements.findIndex(
    (r) => r.description !== '' && message.includes(`"${r.description}"`),
  )
  return index < 0 ? null : index
}

/** 'PDF, PPTX up to 10 MB': what a file requirement accepts, from its types and size limit. */
export function fileHint(requirement: Pick<StageDocument, 'fileTypes' | 'maxSizeMb'>): string {
  const types = requirement.fileTypes.map((t) => t.toUpperCase()).join(', ')
  return `${types || 'Any file'} up to ${requirement.maxSizeMb} MB`
}

/** The accept attribute of a file requirement's input: its extensions, e.g. '.pdf,.pptx'. */
export function fileAccept(requirement: Pick<StageDocument, 'fileTypes'>): string | undefined {
  return requirement.fileTypes.length > 0
    ? requirement.fileTypes.map((t) => `.${t}`).join(',')
    : undefined
}

/**
 * Why a chosen file cannot answer the requirement, checked before a byte is sent (the server
 * checks again, by content too); undefined when it may be uploaded.
 */
export function fileProblem(
  file: { name: string; size: number },
  requirement: Pick<StageDocument, 'fileTypes' | 'maxSizeMb'>,
): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase()
  if (
    requirement.fileTypes.length > 0 &&
    (!extension || !requirement.fileTypes.includes(extension))
  ) {
    const types = requirement.fileTypes.map((t) => t.toUpperCase())
    const last = types.pop()
    const named = types.length > 0 ? `${types.join(', ')} or ${last}` : last
    return `Invalid File Type: choose a ${named} file.`
  }
  if (file.size > requirement.maxSizeMb * 1024 * 1024) {
    return `File Too Large: the file must be at most ${requirement.maxSizeMb} MB.`
  }
  return undefined
}
