import { Type, type Static } from "@sinclair/typebox";
import { GROUPS, TRACKS, YEARS } from "../constants/school";
import { ROLE_INPUTS } from "../constants/roles";
import { literalUnion } from "./literal-union";
import {
  PASSWORD_MAX_LENGTH,
  SECRET_ANSWER_MAX_LENGTH,
  SECRET_QUESTION_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
} from "../constants/limits";

export const RoleInputSchema = literalUnion(ROLE_INPUTS);
export const YearSchema = literalUnion(YEARS);
export const TrackSchema = literalUnion(TRACKS);
export const GroupSchema = literalUnion(GROUPS);

const Username = Type.String({ minLength: 1, maxLength: USERNAME_MAX_LENGTH * 2 });
/** Length is checked by the service so that the French message of spec 1 §5 is given. */
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

/** Fields of a user that anyone logged in may read (spec 1 §3, server rules §8). */
export interface PublicUser {
  id: string;
  _id: string;
  username: string;
  role: string;
  displayName: string;
  firstName: string;
  lastName: string;
  prenom: string;
  nom: string;
  year: string;
  groupe: string;
  specialite: string;
  track: string;
  faction: string | null;
  avatar: string | null;
  avatarVersion: number;
  avatarUpdatedAt: string | null;
  avatarCrop: { xPercent: number; yPercent: number; scale: number } | null;
  publicNote: string;
  musicSrc: string | null;
  musicTitle: string | null;
  musicStartSeconds: number;
  musicDurationSeconds: number;
  equippedItemId: number | null;
  selectedBorderColor: string;
  coins: number;
  leaderboardCoins: number;
  factionCoins: number;
  completedTasks: number;
  leaderboardEnabled: boolean;
}

/** The user as the session holds it: public fields plus private settings. */
export interface SessionUser extends PublicUser {
  theme: string;
  dynamicItemVariants: Record<string, number>;
  isAdmin: boolean;
}

/** Answer of POST /users/login. */
export interface LoginResponse extends SessionUser {
  success: true;
  message: string;
  token: string;
  /** Expiry time of the token, ISO 8601 UTC. */
  expiresAt: string;
  hasSecretQuestions: boolean;
  user: SessionUser;
}
