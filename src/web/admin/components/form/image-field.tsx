import type { FieldValues } from 'react-hook-form'
import type { UploadTarget } from '../../lib/upload'
import { errorId } from '../field'
import { ImageUpload } from '../image-upload'
import { type FieldProps, useBoundField } from './fields'

type Props<T extends FieldValues> = Omit<FieldProps<T>, 'label' | 'hint'> & {
  label: string
  target: UploadTarget
  /** Tells the form to hold its submit while an upload runs. */
  onUploadingChange: (uploading: boolean) => void
}

/** An uploaded image's URL (or null), with the field's error under the picker. */
export function ImageField<T extends FieldValues>({ target, onUploadingChange, ...props }: Props<T>) {
  const { field, error } = useBoundField(props)
  return (
    <>
      <ImageUpload id={props.id} label={props.label} target={target} value={field.value ?? null} onChange={field.onChange} onUploadingChange={onUploadingChange} />
      {error ? (
        <p id={errorId(props.id)} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  )
}
