; Included by electron-builder's NSIS installer (electron-builder.yml nsis.include): onair:// links
; open Onair from the moment it is installed, not only after its first start. electron-builder
; writes no URL protocol itself (its docs give `protocols` for macOS only; templates/nsis has no
; such key). The keys are the ones Electron's app.setAsDefaultProtocolClient writes on Windows
; (docs/api/app.md; shell/browser/browser_win.cc: "URL Protocol" and shell\open\command
; `"<exe>" "%1"`), so the app's own claim at start rewrites the same values. SHELL_CONTEXT is
; HKCU for a per-user install, HKLM for one for all users.

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\onair" "" "URL:Onair link"
  WriteRegStr SHELL_CONTEXT "Software\Classes\onair" "URL Protocol" ""
  WriteRegStr SHELL_CONTEXT "Software\Classes\onair\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\onair\shell\open\command" "" '"$appExe" "%1"'
!macroend

; An update runs the old uninstaller before installing (isUpdated): the keys stay for the new copy.
; A real uninstall removes them, and the per-user key the app claimed at start when it names this
; copy, so no link points at a deleted exe.
!macro customUnInstall
  ${ifNot} ${isUpdated}
    DeleteRegKey SHELL_CONTEXT "Software\Classes\onair"
    ReadRegStr $0 HKCU "Software\Classes\onair\shell\open\command" ""
    ${if} $0 == '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
      DeleteRegKey HKCU "Software\Classes\onair"
    ${endIf}
  ${endIf}
!macroend
