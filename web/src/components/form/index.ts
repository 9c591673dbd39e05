export { InputField, SelectInput, SubmitButton, TextAreaInput } from './fields';
export { Form, type FormProps } from './form';
export { applyServerFieldErrors, serverFieldErrors } from './server-errors';
export { useZodForm, type FormApi } from './use-zod-form';
