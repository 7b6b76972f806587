@echo off
rem `onair` as the packaged app ships it (resources\bin\onair.cmd): the bundled command line run
rem by the app's own Electron in Node mode, as editors ship their `code` launchers.
setlocal
set ELECTRON_RUN_AS_NODE=1
"%~dp0..\..\Onair.exe" "%~dp0..\app.asar.unpacked\out\cli\onair.cjs" %*
exit /b %ERRORLEVEL%
