// Every rule the engine knows, by the name CF7's SWV schemas use (one file per rule). A name
// not in this table is ignored by the engine, as swv does, so a schema from a newer CF7 with
// rules we lack never breaks a form.
import type { RuleCheck } from '../rule.ts';
import { all } from './all.ts';
import { any } from './any.ts';
import { date } from './date.ts';
import { dayofweek } from './dayofweek.ts';
import { email } from './email.ts';
import { enumeration } from './enum.ts';
import { file } from './file.ts';
import { maxdate } from './maxdate.ts';
import { maxfilesize } from './maxfilesize.ts';
import { maxitems } from './maxitems.ts';
import { maxlength } from './maxlength.ts';
import { maxnumber } from './maxnumber.ts';
import { mindate } from './mindate.ts';
import { minfilesize } from './minfilesize.ts';
import { minitems } from './minitems.ts';
import { minlength } from './minlength.ts';
import { minnumber } from './minnumber.ts';
import { number } from './number.ts';
import { required } from './required.ts';
import { requiredfile } from './requiredfile.ts';
import { stepnumber } from './stepnumber.ts';
import { tel } from './tel.ts';
import { time } from './time.ts';
import { url } from './url.ts';

export const rules: Readonly<Record<string, RuleCheck>> = {
  required,
  requiredfile,
  email,
  url,
  tel,
  number,
  date,
  time,
  file,
  enum: enumeration,
  dayofweek,
  minitems,
  maxitems,
  minlength,
  maxlength,
  minnumber,
  maxnumber,
  stepnumber,
  mindate,
  maxdate,
  minfilesize,
  maxfilesize,
  all,
  any,
};

export function findRule(name: string): RuleCheck | undefined {
  return Object.hasOwn(rules, name) ? rules[name] : undefined;
}
