/**
 * The app's one form wrapper. Forms without a zod schema (the bid forms, which sit on a first
 * page) import './form' and './fields' directly, so this index's zod resolver stays out of them.
 */
export { InputField, SelectInput, SubmitButton, TextAreaInput } from './fields';
export { Form } from './form';
export { useZodForm } from './use-zod-form';
