// The form kit on its own, with plain props and no machine: each field's label, hint and error
// wired as GOV.UK asks (the message above the control, the control aria-invalid and described
// by its hint, any extra ids, then the message), choices described on their fieldset, the
// callbacks each control makes, and the error summary's links in the form's order.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  CharacterCounter,
  CheckboxField,
  ChoiceField,
  ErrorSummary,
  errorItems,
  fieldIds,
  FileField,
  HiddenInputs,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../../src/views/shared/form-fields/index.ts';
import { expectErrorSummary, expectFieldError } from '../../../support/govuk-errors.ts';

const FORM = 'kit-form';
const groupOf = (control: HTMLElement) => control.closest('.form-group')!;

describe('a text field', () => {
  it('is labelled, described by its hint, and neither invalid nor required unless told', () => {
    render(<TextField formId={FORM} name="full-name" label="Full name" hint="As on your ID" value="" onChange={() => {}} />);
    const control = screen.getByLabelText('Full name');
    expect(control).toHaveAttribute('id', fieldIds(FORM, 'full-name').control);
    expect(control).toHaveAttribute('name', 'full-name');
    expect(control).toHaveAccessibleDescription('As on your ID');
    expect(control).not.toHaveAttribute('aria-required');
    expect(groupOf(control)).toHaveClass('form-group', 'form-group--text');
    expect(control.closest('.wpcf7-form-control-wrap')).toHaveAttribute('data-name', 'full-name');
    expectFieldError(groupOf(control), undefined, fieldIds(FORM, 'full-name').error);
  });

  it('with an error: the message above the control, "Error:" for screen readers, the control invalid and described by hint, extra ids, then the message', () => {
    render(
      <>
        <span id="extra">Up to 40 characters</span>
        <TextField formId={FORM} name="full-name" label="Full name" hint="As on your ID" error="Enter your full name" required describedBy={['extra']} value="" onChange={() => {}} />
      </>,
    );
    const control = screen.getByLabelText('Full name');
    const ids = fieldIds(FORM, 'full-name');
    expectFieldError(groupOf(control), 'Enter your full name', ids.error);
    expect(groupOf(control)).toHaveClass('form-group--error');
    expect(control).toHaveAttribute('aria-describedby', `${ids.hint} extra ${ids.error}`);
    expect(control).toHaveAccessibleDescription('As on your ID Up to 40 characters Error: Enter your full name');
    expect(control).toHaveAttribute('aria-required', 'true');
  });

  it('reports typing, leaving, and the keys pressed; addresses are not spell-checked', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    const onKeyDown = vi.fn();
    const ref = createRef<HTMLInputElement>();
    render(<TextField formId={FORM} name="email" label="Email" type="email" value="" onChange={onChange} onBlur={onBlur} onKeyDown={onKeyDown} controlRef={ref} />);
    const control = screen.getByLabelText('Email');
    expect(ref.current).toBe(control);
    expect(control).toHaveAttribute('type', 'email');
    expect(control).toHaveAttribute('spellcheck', 'false');
    expect(groupOf(control)).toHaveClass('form-group--email');
    await userEvent.type(control, 'a');
    expect(onChange).toHaveBeenCalledWith('a');
    expect(onKeyDown).toHaveBeenCalled();
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it('places what it is given before and after the control, inside the wrap, and posts under postedName', () => {
    render(<TextField formId={FORM} name="code" postedName="code-posted" label="Code" kind="captcha" before={<span id="picture" />} after={<span id="count" />} value="" onChange={() => {}} />);
    const control = screen.getByLabelText('Code');
    expect(control).toHaveAttribute('name', 'code-posted');
    expect(groupOf(control)).toHaveClass('form-group--captcha');
    const wrap = control.closest('.wpcf7-form-control-wrap')!;
    expect([...wrap.children].map((child) => child.id)).toEqual(['picture', control.id, 'count']);
  });
});

describe('a text area and a select', () => {
  it('a text area: wired like a text field, reports typing and leaving', async () => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(<TextAreaField formId={FORM} name="message" label="Message" error="Enter a message" value="" onChange={onChange} onBlur={onBlur} />);
    const control = screen.getByLabelText('Message');
    expect(control.tagName).toBe('TEXTAREA');
    expectFieldError(groupOf(control), 'Enter a message', fieldIds(FORM, 'message').error);
    await userEvent.type(control, 'x');
    expect(onChange).toHaveBeenCalledWith('x');
    await userEvent.tab();
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it('a select reports the value chosen; a list box every value chosen', async () => {
    const options = [
      { value: 'led', label: 'LED walls' },
      { value: 'signage', label: 'Signage' },
    ];
    const onOne = vi.fn();
    const onMany = vi.fn();
    render(
      <>
        <SelectField formId={FORM} name="service" label="Service" includeBlank="Choose a service" options={options} value="" error="Choose a service" onChange={onOne} />
        <SelectField formId={FORM} name="services" postedName="services[]" label="Services" multiple options={options} value={['led']} onChange={onMany} />
      </>,
    );
    const one = screen.getByLabelText('Service');
    expectFieldError(groupOf(one), 'Choose a service', fieldIds(FORM, 'service').error);
    expect(within(one).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a service', 'LED walls', 'Signage']);
    await userEvent.selectOptions(one, 'signage');
    expect(onOne).toHaveBeenCalledWith('signage');
    const many = screen.getByLabelText('Services');
    expect(many).toHaveAttribute('name', 'services[]');
    await userEvent.selectOptions(many, 'signage');
    expect(onMany).toHaveBeenCalledWith(['led', 'signage']);
  });
});

describe('choices', () => {
  const options = [
    { value: 'small', label: 'Small' },
    { value: 'other', label: 'Other' },
  ];

  it('a group is a fieldset named by its legend and described by its hint and error; every box is invalid; the first carries the field id', () => {
    render(<ChoiceField formId={FORM} name="size" label="Size" hint="Pick one" error="Choose a size" type="radio" className="sizes" options={options} chosen={['small']} onToggle={() => {}} />);
    const group = screen.getByRole('group', { name: 'Size' });
    const ids = fieldIds(FORM, 'size');
    expect(group).toHaveAccessibleDescription('Pick one Error: Choose a size');
    expectFieldError(group.closest('.form-group')!, 'Choose a size', ids.error);
    const radios = within(group).getAllByRole('radio');
    expect(radios[0]).toHaveAttribute('id', ids.control);
    expect(radios[0]).toBeChecked();
    for (const radio of radios) expect(radio).toHaveAttribute('aria-invalid', 'true');
    expect(group.querySelector('.sizes')).not.toBeNull();
    expect([...group.querySelectorAll('.wpcf7-list-item')].map((item) => item.className)).toEqual(['wpcf7-list-item first', 'wpcf7-list-item last']);
  });

  it('reports each toggle, and the free text beside the last option is enabled only when told', async () => {
    const onToggle = vi.fn();
    const onText = vi.fn();
    const { rerender } = render(
      <ChoiceField
        formId={FORM}
        name="topics"
        postedName="topics[]"
        label="Topics"
        type="checkbox"
        className="topics"
        options={options}
        chosen={[]}
        onToggle={onToggle}
        freeText={{ name: 'topics-text', value: '', enabled: false, onChange: onText }}
      />,
    );
    const details = screen.getByRole('textbox', { name: 'Other: details' });
    expect(details).toBeDisabled();
    expect(details).toHaveAttribute('name', 'topics-text');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(onToggle).toHaveBeenCalledWith('other', true);
    expect(screen.getByRole('checkbox', { name: 'Small' })).toHaveAttribute('name', 'topics[]');
    rerender(
      <ChoiceField
        formId={FORM}
        name="topics"
        label="Topics"
        type="checkbox"
        className="topics"
        options={options}
        chosen={['other']}
        onToggle={onToggle}
        freeText={{ name: 'topics-text', value: '', enabled: true, onChange: onText }}
      />,
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(onToggle).toHaveBeenLastCalledWith('other', false);
    await userEvent.type(screen.getByRole('textbox', { name: 'Other: details' }), 'z');
    expect(onText).toHaveBeenCalledWith('z');
  });

  it('a lone box (consent): named by its words, in a fieldset named by the legend, reporting whether it is ticked', async () => {
    const onChange = vi.fn();
    render(<CheckboxField formId={FORM} name="consent" label="Consent" kind="acceptance" error="Tick the box" text="I agree" value="yes" checked={false} onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(box).toHaveAttribute('value', 'yes');
    expect(box).toHaveAttribute('id', fieldIds(FORM, 'consent').control);
    const group = screen.getByRole('group', { name: 'Consent' });
    expect(group.closest('.form-group')).toHaveClass('form-group--acceptance');
    expectFieldError(group.closest('.form-group')!, 'Tick the box', fieldIds(FORM, 'consent').error);
    await userEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(true);
  });
});

describe('files, hidden inputs, the counter', () => {
  it('a file field reports the files picked', async () => {
    const onChange = vi.fn();
    render(<FileField formId={FORM} name="drawing" label="Drawing" accept={['.pdf', 'image/png']} error="Choose a PDF" onChange={onChange} />);
    const control = screen.getByLabelText('Drawing');
    expect(control).toHaveAttribute('accept', '.pdf,image/png');
    expectFieldError(groupOf(control), 'Choose a PDF', fieldIds(FORM, 'drawing').error);
    const file = new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
    await userEvent.upload(control as HTMLInputElement, file);
    expect(onChange).toHaveBeenCalledWith([file]);
  });

  it('hidden inputs post their values', () => {
    const { container } = render(<HiddenInputs entries={[['form_id', '2'], ['nonce', 'abc']]} />);
    expect([...container.querySelectorAll('input[type="hidden"]')].map((input) => [input.getAttribute('name'), input.getAttribute('value')])).toEqual([
      ['form_id', '2'],
      ['nonce', 'abc'],
    ]);
  });

  it('the counter shows the count to the eye and gives the last announced one to screen readers', () => {
    const count = (value: number) => ({ count: value, maximum: 20, minimum: 5, tooLong: value > 20, tooShort: value < 5 });
    const { container } = render(<CharacterCounter name="message" id="message-count" count={count(22)} announced={count(3)} />);
    expect(container.querySelector('#message-count')).toHaveTextContent('You can enter up to 20 characters');
    expect(container.querySelector('.wpcf7-character-count')).toHaveClass('too-long');
    expect(container.querySelector('.wpcf7-character-count')).toHaveTextContent('You have 2 characters too many');
    expect(container.querySelector('[aria-live="polite"]')).toHaveTextContent('Enter 2 characters more (at least 5)');
  });
});

describe('the error summary', () => {
  it('lists the errors in the order of the names given, and a link focuses its field', async () => {
    const ref = createRef<HTMLDivElement>();
    const errors = { email: 'Enter your email address', 'full-name': 'Enter your full name' };
    const items = errorItems(FORM, ['full-name', 'phone', 'email'], errors);
    expect(items).toEqual([
      { fieldId: fieldIds(FORM, 'full-name').control, labelId: fieldIds(FORM, 'full-name').label, message: 'Enter your full name' },
      { fieldId: fieldIds(FORM, 'email').control, labelId: fieldIds(FORM, 'email').label, message: 'Enter your email address' },
    ]);
    render(
      <form>
        <ErrorSummary formId={FORM} items={items} summaryRef={ref} headingLevel={3} />
        <TextField formId={FORM} name="full-name" label="Full name" error={errors['full-name']} value="" onChange={() => {}} />
        <TextField formId={FORM} name="email" label="Email" error={errors.email} value="" onChange={() => {}} />
      </form>,
    );
    expectErrorSummary(document.body, ['Enter your full name', 'Enter your email address']);
    expect(screen.getByRole('heading', { level: 3, name: 'There is a problem' })).toBeInTheDocument();
    expect(ref.current).toHaveClass('error-summary');
    await userEvent.click(screen.getByRole('link', { name: 'Enter your email address' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });

  it('is hidden with nothing to list', () => {
    render(<ErrorSummary formId={FORM} items={[]} summaryRef={createRef()} />);
    expectErrorSummary(document.body, []);
  });
});
