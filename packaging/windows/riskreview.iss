; Inno Setup 6 script: installs the one-folder build (dist\riskreview\ from
; python packaging\build.py, with its checksum list) for the current user or, when run as
; administrator, for all users; a Start-menu shortcut, an optional desktop shortcut, RiskReview in
; the "Open with" menu of the data formats it reads (optional task) and an uninstaller.
;   iscc /DAppVersion=0.1.0 packaging\windows\riskreview.iss
; writes dist\RiskReview-<version>-windows-x86_64-setup.exe.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#define Root "..\.."
#define ProgId "RiskReview.DataFile"

[Setup]
AppId={{5B0C3C52-8E2B-4C47-9C1B-2E7B4A61D0F3}
AppName=RiskReview
AppVersion={#AppVersion}
AppVerName=RiskReview {#AppVersion}
AppPublisher=RiskReview
DefaultDirName={autopf}\RiskReview
DefaultGroupName=RiskReview
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog commandline
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
MinVersion=10.0
LicenseFile={#Root}\LICENSE
SetupIconFile=riskreview.ico
UninstallDisplayIcon={app}\RiskReview.exe
UninstallDisplayName=RiskReview {#AppVersion}
OutputDir={#Root}\dist
OutputBaseFilename=RiskReview-{#AppVersion}-windows-x86_64-setup
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "brazilianportuguese"; MessagesFile: "compiler:Languages\BrazilianPortuguese.isl"

[CustomMessages]
english.OpenWith=Add RiskReview to "Open with" for data files (.csv, .parquet, .sav, .dta, ...)
brazilianportuguese.OpenWith=Adicionar o RiskReview a "Abrir com" para arquivos de dados (.csv, .parquet, .sav, .dta, ...)
english.DataFile=Data file for RiskReview
brazilianportuguese.DataFile=Arquivo de dados para o RiskReview

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "openwith"; Description: "{cm:OpenWith}"

[Files]
; the package folder's contents go into {app}: RiskReview.exe, riskreview-cli.exe, _internal\
Source: "{#Root}\dist\riskreview\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
; next to the executables, where riskreview-cli --self-test looks for it
Source: "{#Root}\dist\riskreview-SHA256SUMS"; DestDir: "{app}"; Flags: ignoreversion
Source: "{#Root}\dist\riskreview-sbom.cdx.json"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{autoprograms}\RiskReview"; Filename: "{app}\RiskReview.exe"
Name: "{autodesktop}\RiskReview"; Filename: "{app}\RiskReview.exe"; Tasks: desktopicon

[Registry]
; a file type of RiskReview's own, offered in "Open with" (the user's default program stays)
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "{cm:DataFile}"; Flags: uninsdeletekey; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: """{app}\RiskReview.exe"",0"; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\RiskReview.exe"" gui ""%1"""; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.csv\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.tsv\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.parquet\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.feather\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.sav\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.dta\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.sas7bdat\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.xpt\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith
Root: HKA; Subkey: "Software\Classes\.toml\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue; Tasks: openwith

[Run]
Filename: "{app}\RiskReview.exe"; Description: "{cm:LaunchProgram,RiskReview}"; Flags: nowait postinstall skipifsilent
