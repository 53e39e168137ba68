/**
 * Our users in the Firebase Auth import format (`firebase auth:import users.json`), for moving an
 * install from the embedded provider to Firebase (docs/identity.md). The uid is our user id, so
 * roles, clubs and settings stay attached. Argon2id hashes cannot be imported (Firebase takes
 * SCRYPT, BCRYPT, PBKDF2, HMAC and SHA/MD5 families only): no password goes along, and each user
 * sets a new one through "Glömt lösenord" or a reset link an admin sends.
 */
import type { UserRecord } from "@/lib/domain/user.ts";

export interface FirebaseImportUser {
  localId: string;
  email: string;
  emailVerified: boolean;
  displayName: string;
  disabled: boolean;
  createdAt: string;
  mfaInfo?: { phoneInfo: string; displayName: string }[];
}

export function firebaseImportUsers(users: UserRecord[]): { users: FirebaseImportUser[] } {
  return {
    users: users.map((u) => {
      const out: FirebaseImportUser = {
        localId: u.id,
        email: u.email,
        emailVerified: u.verified,
        displayName: `${u.firstName} ${u.lastName}`.trim(),
        disabled: !u.enabled,
        createdAt: String(Date.parse(u.dateCreated) || 0),
      };
      if (u.mfaEnrolled && u.mfaPhone) {
        out.mfaInfo = [{ phoneInfo: u.mfaPhone.replace(/\s/g, ""), displayName: "SMS" }];
      }
      return out;
    }),
  };
}
