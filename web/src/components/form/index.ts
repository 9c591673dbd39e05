export { InputField, SelectInput, SubmitButton, TextAreaInput } from './fields';
export { Form, type FormProps } from './form';
export { applyServerFieldErrors, serverFieldErrors } from './server-errors';
export { useZodForm, type ZodForm } from './use-zod-form';
