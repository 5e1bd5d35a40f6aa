from django.urls import path

from printing import views

app_name = "printing"

urlpatterns = [
    # A file's progress and its download (requested through its owner's page)
    path("files/<uuid:file_id>/", views.file_status, name="file_status"),
    path("files/<uuid:file_id>/download/", views.file_download, name="file_download"),
]
