import {
  ChangePasswordRequestSchema,
  ChangePasswordResponseSchema,
  LOGGED_OUT,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  MfaConfirmRequestSchema,
  MfaConfirmResponseSchema,
  MfaEnrollRequestSchema,
  MfaEnrollResponseSchema,
  MfaSignInRequestSchema,
  MfaStatusResponseSchema,
  PASSWORD_CHANGED,
  SetLanguageRequestSchema,
  SetLanguageResponseSchema,
} from '@stockyard/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, authorize, authorizeOrSetUp, mfaUserOf } from '../../lib/auth/authorize';
import { errorResponses } from '../../lib/http';
import { signInClientOf } from '../../lib/request-key';
import { changeOwnPassword, finishMfaSignIn, finishSetupSignIn, login, logout, proveCurrentPassword, saveLanguage } from './auth.service';
import { confirmEnrolment, secondFactorStatus, startEnrolment } from './mfa.service';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Clients call both the bare and the /api-prefixed paths, so both answer.
  for (const prefix of ['/auth', '/api/auth']) {
    app.post(
      `${prefix}/login`,
      { schema: { tags: ['auth'], body: LoginRequestSchema, response: { 200: LoginResponseSchema, ...errorResponses } } },
      async (request) => login(app.db, app.tokens, request.body, signInClientOf(request), app.requireAdminMfa, app.oidc?.isOnly === true),
    );
    app.post(
      `${prefix}/logout`,
      { onRequest: authorize('account:sign-out'), schema: { tags: ['auth'], response: { 200: MessageResponseSchema, ...errorResponses } } },
      async (request) => {
        await logout(app.db, authOf(request));
        return { message: LOGGED_OUT };
      },
    );
  }

  // A second factor: the sign-in step with a code, setting up an authenticator app, and its status.
  app.post(
    '/api/auth/mfa',
    { schema: { tags: ['auth'], body: MfaSignInRequestSchema, response: { 200: LoginResponseSchema, ...errorResponses } } },
    async (request) => finishMfaSignIn(app.db, app.tokens, request.body, signInClientOf(request)),
  );
  app.post(
    '/api/auth/mfa/enroll',
    {
      onRequest: authorizeOrSetUp('account:mfa'),
      schema: { tags: ['auth'], body: MfaEnrollRequestSchema.nullish(), response: { 200: MfaEnrollResponseSchema, ...errorResponses } },
    },
    async (request) => {
      if (!request.mfaSetupUserId) {
        await proveCurrentPassword(app.db, authOf(request).userId, request.body?.currentPassword ?? '', signInClientOf(request));
      }
      return startEnrolment(app.db, mfaUserOf(request));
    },
  );
  app.post(
    '/api/auth/mfa/confirm',
    {
      onRequest: authorizeOrSetUp('account:mfa'),
      schema: { tags: ['auth'], body: MfaConfirmRequestSchema, response: { 200: MfaConfirmResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const userId = mfaUserOf(request);
      const recoveryCodes = await confirmEnrolment(app.db, userId, request.body.code);
      if (!request.mfaSetupUserId) return { recoveryCodes };
      return { recoveryCodes, ...(await finishSetupSignIn(app.db, app.tokens, userId, signInClientOf(request))) };
    },
  );
  app.get(
    '/api/auth/mfa/status',
    { onRequest: authorize('account:mfa'), schema: { tags: ['auth'], response: { 200: MfaStatusResponseSchema, ...errorResponses } } },
    async (request) => secondFactorStatus(app.db, authOf(request).userId),
  );

  app.post(
    '/api/auth/change-password',
    {
      onRequest: authorize('account:change-password'),
      schema: { tags: ['auth'], body: ChangePasswordRequestSchema, response: { 200: ChangePasswordResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const token = await changeOwnPassword(app.db, app.tokens, authOf(request), request.body, signInClientOf(request));
      return { message: PASSWORD_CHANGED, token };
    },
  );

  app.put(
    '/api/auth/language',
    {
      onRequest: authorize('account:language'),
      schema: { tags: ['auth'], body: SetLanguageRequestSchema, response: { 200: SetLanguageResponseSchema, ...errorResponses } },
    },
    async (request) => saveLanguage(app.db, authOf(request), request.body.language),
  );
};

export default authRoutes;
