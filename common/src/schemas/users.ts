import { Type, type Static } from "@sinclair/typebox";
import { GROUPS, TRACKS, YEARS } from "../constants/school";
import { ROLE_INPUTS } from "../constants/roles";
import { literalUnion } from "./literal-union";
import { IsoDate, Nullable, ok } from "./shared";
import { PASSWORD_MAX_LENGTH, SECRET_ANSWER_MAX_LENGTH, SECRET_QUESTION_MAX_LENGTH, USERNAME_MAX_LENGTH } from "../constants/limits";

export const RoleInputSchema = literalUnion(ROLE_INPUTS);
export const YearSchema = literalUnion(YEARS);
export const TrackSchema = literalUnion(TRACKS);
export const GroupSchema = literalUnion(GROUPS);

const Username = Type.String({ minLength: 1, maxLength: USERNAME_MAX_LENGTH * 2 });
/** Length is checked by the service so that the user gets a French message, not a schema error. */
const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });

export const LoginBody = Type.Object({
  username: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }),
  rememberMe: Type.Optional(Type.Boolean()),
});
export type LoginBody = Static<typeof LoginBody>;

export const SecretQuestionInput = Type.Object({
  question: Type.String({ maxLength: SECRET_QUESTION_MAX_LENGTH }),
  answer: Type.String({ maxLength: SECRET_ANSWER_MAX_LENGTH }),
});

export const SecretQuestionsBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 200 })),
  secretQuestions: Type.Array(SecretQuestionInput, { maxItems: 3 }),
});
export type SecretQuestionsBody = Static<typeof SecretQuestionsBody>;

export const ForgotQuestionsBody = Type.Object({ username: Type.String({ maxLength: 200 }) });
export const ForgotVerifyBody = Type.Object({
  username: Type.String({ maxLength: 200 }),
  answers: Type.Array(Type.String({ maxLength: SECRET_ANSWER_MAX_LENGTH }), { maxItems: 3 }),
});
export const ForgotResetBody = Type.Object({
  username: Type.String({ maxLength: 200 }),
  newPassword: Password,
  resetToken: Type.Optional(Type.String({ maxLength: 500 })),
});

/** POST /users/me/password: an imported account chooses its own password. */
export const FirstPasswordBody = Type.Object({ newPassword: Password, rememberMe: Type.Optional(Type.Boolean()) });
export type FirstPasswordBody = Static<typeof FirstPasswordBody>;

/** PUT /users/me/first-sign-in: a student created at the ENT picks year, group and track (once). */
export const FirstSignInBody = Type.Object({
  year: YearSchema,
  groupe: GroupSchema,
  specialite: Type.Optional(Type.Union([TrackSchema, Type.Literal("")])),
});
export type FirstSignInBody = Static<typeof FirstSignInBody>;

export const RegisterBody = Type.Object({
  username: Username,
  password: Password,
  role: RoleInputSchema,
  groupe: Type.Optional(Type.Union([GroupSchema, Type.Literal("")])),
  year: Type.Optional(Type.Union([YearSchema, Type.Literal("")])),
  specialite: Type.Optional(Type.Union([TrackSchema, Type.Literal("")])),
  firstName: Type.Optional(Type.String({ maxLength: 60 })),
  lastName: Type.Optional(Type.String({ maxLength: 60 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

const publicUserFields = {
  id: Type.String(),
  _id: Type.String(),
  username: Type.String(),
  role: Type.String(),
  displayName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  prenom: Type.String(),
  nom: Type.String(),
  year: Type.String(),
  groupe: Type.String(),
  specialite: Type.String(),
  track: Type.String(),
  faction: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  avatarVersion: Type.Integer(),
  avatarUpdatedAt: Nullable(Type.String()),
  avatarCrop: Nullable(Type.Object({ xPercent: Type.Number(), yPercent: Type.Number(), scale: Type.Number() })),
  publicNote: Type.String(),
  musicSrc: Nullable(Type.String()),
  musicTitle: Nullable(Type.String()),
  musicStartSeconds: Type.Number(),
  musicDurationSeconds: Type.Number(),
  equippedItemId: Nullable(Type.Integer()),
  selectedBorderColor: Type.String(),
  coins: Type.Integer(),
  leaderboardCoins: Type.Integer(),
  factionCoins: Type.Integer(),
  completedTasks: Type.Integer(),
  leaderboardEnabled: Type.Boolean(),
};
/** Fields of a user that anyone logged in may read. */
export const PublicUser = Type.Object(publicUserFields);
export type PublicUser = Static<typeof PublicUser>;

const sessionUserFields = {
  ...publicUserFields,
  theme: Type.String(),
  /** Dark theme tuning in percent (defaults 100 and 95). */
  darkBrightness: Type.Integer(),
  darkContrast: Type.Integer(),
  dynamicItemVariants: Type.Record(Type.String(), Type.Integer()),
  isAdmin: Type.Boolean(),
  /** true: the account is tied to an ENT identity and signs in there (no password, no recovery questions here). */
  ent: Type.Optional(Type.Boolean()),
  /** true: created at its first ENT sign-in without a year or group; the student picks them (PUT /users/me/first-sign-in). */
  profilePending: Type.Optional(Type.Boolean()),
  /** ISO instant the account was deactivated (a graduate after the rollover); absent: active. */
  deactivatedAt: Type.Optional(Type.String()),
  /** ISO instant after which a deactivated account is erased. */
  eraseAfter: Type.Optional(Type.String()),
};
/** The user as the session holds it: public fields plus private settings. */
export const SessionUser = Type.Object(sessionUserFields);
export type SessionUser = Static<typeof SessionUser>;

/** Answer of POST /users/login: the session user, flat and under `user`, with the token. */
export const LoginResponse = ok({
  ...sessionUserFields,
  message: Type.String(),
  token: Type.String(),
  /** Expiry time of the token, ISO 8601 UTC. */
  expiresAt: IsoDate,
  hasSecretQuestions: Type.Boolean(),
  /** true: an imported account that must choose its own password (POST /users/me/password) first. */
  mustChangePassword: Type.Boolean(),
  user: SessionUser,
});
export type LoginResponse = Static<typeof LoginResponse>;

/** Answer of PUT /users/me/first-sign-in: the session user with the chosen year, group and track. */
export const FirstSignInResponse = ok({ message: Type.String(), user: SessionUser });
export type FirstSignInResponse = Static<typeof FirstSignInResponse>;

const QuestionList = Type.Array(Type.Object({ question: Type.String() }));
export const ForgotQuestionsResponse = ok({ questions: QuestionList });
export const ForgotVerifyResponse = ok({ message: Type.String(), resetToken: Type.String() });
export const UserCreatedResponse = ok({ message: Type.String(), user: PublicUser });
export type ForgotQuestionsResponse = Static<typeof ForgotQuestionsResponse>;
export type ForgotVerifyResponse = Static<typeof ForgotVerifyResponse>;
export type UserCreatedResponse = Static<typeof UserCreatedResponse>;

/** GET /users/{id}: the public profile, flat and under `user`; admins also get the questions (never answers). */
export const UserProfileResponse = Type.Object({
  ...publicUserFields,
  user: PublicUser,
  secretQuestions: Type.Optional(QuestionList),
});
export type UserProfileResponse = Static<typeof UserProfileResponse>;
