/** Every island by name, loaded on demand (one chunk each). The server renders the same names. */
import type { ComponentType } from "preact";

type Loader = () => Promise<{ default: ComponentType<any> }>;

export const islands: Record<string, Loader> = {
  MenuToggle: () => import("./MenuToggle.tsx"),
  RequestLoader: () => import("./RequestLoader.tsx"),
  Toaster: () => import("./Toaster.tsx"),
  LogoutButton: () => import("./LogoutButton.tsx"),
  LoginForm: () => import("./LoginForm.tsx"),
  SetupForm: () => import("./SetupForm.tsx"),
  ResetPasswordRequestForm: () => import("./ResetPasswordRequestForm.tsx"),
  ResetPasswordForm: () => import("./ResetPasswordForm.tsx"),
  VerifyEmailAction: () => import("./VerifyEmailAction.tsx"),
  LockForm: () => import("./LockForm.tsx"),
  RegisterUserForm: () => import("./RegisterUserForm.tsx"),
  UserList: () => import("./UserList.tsx"),
  ProfileTab: () => import("./settings/ProfileTab.tsx"),
  ChangePasswordForm: () => import("./settings/ChangePasswordForm.tsx"),
  ChooseClubTab: () => import("./settings/ChooseClubTab.tsx"),
  AdminTab: () => import("./settings/AdminTab.tsx"),
  ClubsTab: () => import("./settings/ClubsTab.tsx"),
  AssignmentPanel: () => import("./settings/AssignmentPanel.tsx"),
  MarketProjectsTab: () => import("./settings/MarketProjectsTab.tsx"),
  DistrictsTab: () => import("./settings/DistrictsTab.tsx"),
  SellStatusAgeReport: () => import("./reports/SellStatusAgeReport.tsx"),
  StatusProjectReport: () => import("./reports/StatusProjectReport.tsx"),
  StatusProjectClubReport: () => import("./reports/StatusProjectClubReport.tsx"),
  ProspectGrid: () => import("./ProspectGrid.tsx"),
  TodayLive: () => import("./TodayLive.tsx"),
  NotificationBell: () => import("./NotificationBell.tsx"),
};
